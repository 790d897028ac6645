import { avatarAcceptedExtensions, avatarMaxBytes, avatarMimeTypes } from '@dermis/contract';
import type { MessageKey } from '@dermis/contract';

/** Spec 001 §5 "Avatar": the browser's own checks before anything is sent (the server checks again by content). */
export function avatarFileProblem(file: { name: string; type: string; size: number }): MessageKey | null {
  const name = file.name.toLowerCase();
  const typeOk = (avatarMimeTypes as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = avatarAcceptedExtensions.some((extension) => name.endsWith(extension));
  if (!typeOk || !extensionOk) return 'avatar.error.type';
  if (file.size > avatarMaxBytes) return 'avatar.error.size';
  return null;
}

export interface CropState {
  /** 1 (the image just covers the square) to 3. */
  zoom: number;
  /** Pan from the centred position, in viewport pixels. */
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The scale that makes the image cover the square viewport at zoom 1. */
function coverScale(image: Size, viewport: number): number {
  return viewport / Math.min(image.width, image.height);
}

/** Keeps the pan inside the image so the square is always filled. */
export function clampCrop(crop: CropState, image: Size, viewport: number): CropState {
  const scale = coverScale(image, viewport) * crop.zoom;
  const limitX = Math.max(0, (image.width * scale - viewport) / 2);
  const limitY = Math.max(0, (image.height * scale - viewport) / 2);
  return {
    zoom: crop.zoom,
    x: Math.min(limitX, Math.max(-limitX, crop.x)),
    y: Math.min(limitY, Math.max(-limitY, crop.y)),
  };
}

/** The square of the source image the viewport shows, and the output side (at most 500 px). */
export function cropRectangle(
  crop: CropState,
  image: Size,
  viewport: number,
  maxSide: number,
): { sx: number; sy: number; side: number; output: number } {
  const scale = coverScale(image, viewport) * crop.zoom;
  const left = (viewport - image.width * scale) / 2 + crop.x;
  const top = (viewport - image.height * scale) / 2 + crop.y;
  const side = viewport / scale;
  return {
    sx: -left / scale + 0,
    sy: -top / scale + 0,
    side,
    output: Math.max(1, Math.min(maxSide, Math.round(side))),
  };
}
