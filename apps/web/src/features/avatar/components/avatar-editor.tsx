import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { AvatarInfo } from '@dermis/contract';
import { avatarMaxSide, avatarUrl } from '@dermis/contract';
import { Avatar, Box, Button, FileButton, Group, Slider, Stack, Text } from '@mantine/core';
import { IconCrop, IconTrash, IconUpload } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorModal } from '../../../components/error-modal';
import { useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useSession, useSessionStore } from '../../../lib/session';
import { deleteAvatar, uploadAvatar, useAvatarTemplate } from '../api/avatar';
import { avatarFileProblem, clampCrop, cropRectangle, type CropState, type Size } from '../image-file';

const viewport = 240;
const accept = 'image/png,image/jpeg,.png,.jpg,.jpeg';

interface AvatarEditorProps {
  /** The patient whose photo it is (the signed-in patient, or one they act for). */
  profileId: number;
  /** The stored photo's id, or null. */
  avatarS3Id: string | null;
  /** Full name, for the image's text alternative and the initials. */
  name: string;
  readOnly?: boolean;
  onChange?: (avatar: AvatarInfo) => void;
}

/** Crops `source` to the square the viewport shows and encodes it as PNG (at most 500x500). */
async function croppedPng(source: HTMLImageElement, crop: CropState): Promise<Blob> {
  const size: Size = { width: source.naturalWidth, height: source.naturalHeight };
  const rect = cropRectangle(crop, size, viewport, avatarMaxSide);
  const canvas = document.createElement('canvas');
  canvas.width = rect.output;
  canvas.height = rect.output;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(source, rect.sx, rect.sy, rect.side, rect.side, 0, 0, rect.output, rect.output);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}

/**
 * Spec 001 §2 "Edit profile" and §4 "Avatar": the profile photo with Upload, Edit (crop) and Delete;
 * while cropping only Cancel and Save show. JPEG or PNG up to 5 MB, cropped square (at most 500x500).
 */
export function AvatarEditor({ profileId, avatarS3Id, name, readOnly = false, onChange }: AvatarEditorProps) {
  const client = useApiClient();
  const store = useSessionStore();
  const user = useSession().user;
  const template = useAvatarTemplate();
  const [current, setCurrent] = useState(avatarS3Id);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [natural, setNatural] = useState<Size | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number; start: CropState } | null>(null);
  const resetRef = useRef<() => void>(null);

  const [given, setGiven] = useState(avatarS3Id);
  if (given !== avatarS3Id) {
    // The parent loaded or saved another photo.
    setGiven(avatarS3Id);
    setCurrent(avatarS3Id);
  }

  const currentUrl = current && template.data ? avatarUrl(template.data.url, current) : null;
  const cropping = source !== null;

  const applied = (avatar: AvatarInfo) => {
    setCurrent(avatar.avatarS3Id);
    if (user && user.id === profileId)
      store.setUser({
        ...user,
        avatarS3Id: avatar.avatarS3Id,
        avatarContentLength: avatar.avatarContentLength,
        avatarMimeType: avatar.avatarMimeType,
      });
    onChange?.(avatar);
  };

  const startCrop = (url: string) => {
    setNatural(null);
    setCrop({ zoom: 1, x: 0, y: 0 });
    setSource(url);
  };

  const pick = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    // A data: URL, not a blob: one: the Content-Security-Policy allows images from 'self' and data: only.
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') startCrop(reader.result);
    };
    reader.onerror = () => setError(t('avatar.error.type'));
    reader.readAsDataURL(file);
  };

  const update = (next: CropState) => {
    if (natural) setCrop(clampCrop(next, natural, viewport));
  };

  const save = async () => {
    if (!imageRef.current) return;
    setSaving(true);
    try {
      const image = await croppedPng(imageRef.current, crop);
      applied(await uploadAvatar(client, profileId, image));
      setSource(null);
    } catch {
      setError(t('avatar.error.save'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      applied(await deleteAvatar(client, profileId));
      setConfirmDelete(false);
    } catch {
      setConfirmDelete(false);
      setError(t('avatar.error.delete'));
    } finally {
      setDeleting(false);
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: crop };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const { start } = drag.current;
    update({
      ...start,
      x: start.x + event.clientX - drag.current.x,
      y: start.y + event.clientY - drag.current.y,
    });
  };

  const scale = natural ? (viewport / Math.min(natural.width, natural.height)) * crop.zoom : 1;

  return (
    <Stack gap="sm" data-testid="avatar-editor">
      <Text fw={600} id="avatar-editor-title">
        {t('avatar.title')}
      </Text>
      {cropping ? (
        <Stack gap="xs" align="flex-start">
          <Box
            role="group"
            aria-label={t('avatar.cropLabel')}
            tabIndex={0}
            data-testid="avatar-crop-area"
            w={viewport}
            h={viewport}
            style={{
              position: 'relative',
              overflow: 'hidden',
              borderRadius: 8,
              cursor: 'grab',
              touchAction: 'none',
              background: 'var(--mantine-color-gray-2)',
            }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={(event) => {
              const step = 10;
              const moves: Record<string, [number, number]> = {
                ArrowLeft: [-step, 0],
                ArrowRight: [step, 0],
                ArrowUp: [0, -step],
                ArrowDown: [0, step],
              };
              const move = moves[event.key];
              if (!move) return;
              event.preventDefault();
              update({ ...crop, x: crop.x + move[0], y: crop.y + move[1] });
            }}
          >
            <img
              ref={imageRef}
              src={source}
              alt=""
              draggable={false}
              onLoad={(event) =>
                setNatural({
                  width: event.currentTarget.naturalWidth,
                  height: event.currentTarget.naturalHeight,
                })
              }
              style={{
                position: 'absolute',
                left: '50%',
                top: '50%',
                width: natural ? natural.width * scale : undefined,
                height: natural ? natural.height * scale : undefined,
                maxWidth: 'none',
                transform: `translate(calc(-50% + ${crop.x}px), calc(-50% + ${crop.y}px))`,
                userSelect: 'none',
                pointerEvents: 'none',
              }}
            />
          </Box>
          <Box w={viewport}>
            <Text size="sm" id="avatar-zoom-label">
              {t('avatar.zoom')}
            </Text>
            <Slider
              min={1}
              max={3}
              step={0.05}
              value={crop.zoom}
              onChange={(zoom) => update({ ...crop, zoom })}
              label={null}
              thumbProps={{ 'aria-labelledby': 'avatar-zoom-label' }}
              data-testid="avatar-zoom"
            />
          </Box>
          <Group gap="xs">
            <Button variant="default" onClick={() => setSource(null)} disabled={saving}>
              {t('avatar.cancel')}
            </Button>
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={!natural}
              data-testid="avatar-save"
            >
              {saving ? t('avatar.saving') : t('avatar.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="md" align="center">
          <Avatar
            src={currentUrl}
            alt={currentUrl ? t('avatar.alt', { name }) : undefined}
            size={96}
            radius={96}
            color="initials"
            name={name}
            data-testid="avatar-image"
          />
          <Stack gap="xs">
            <Group gap="xs">
              <FileButton onChange={pick} accept={accept} resetRef={resetRef} disabled={readOnly}>
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconUpload size={16} aria-hidden />}
                    disabled={readOnly}
                    data-testid="avatar-upload"
                  >
                    {t('avatar.upload')}
                  </Button>
                )}
              </FileButton>
              {currentUrl && (
                <Button
                  variant="default"
                  leftSection={<IconCrop size={16} aria-hidden />}
                  disabled={readOnly}
                  onClick={() => startCrop(currentUrl)}
                  data-testid="avatar-edit"
                >
                  {t('avatar.edit')}
                </Button>
              )}
              {current && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={readOnly}
                  onClick={() => setConfirmDelete(true)}
                  data-testid="avatar-delete"
                >
                  {t('avatar.delete')}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('avatar.hint')}
            </Text>
          </Stack>
        </Group>
      )}
      {/* The editor sits inside the profile form: the modal's own form must not submit that one
          (React events bubble through portals). */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <ConfirmModal
          opened={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          title={t('avatar.delete')}
          onConfirm={() => void remove()}
          confirmLabel={t('avatar.delete')}
          danger
          loading={deleting}
        >
          <Text>{t('avatar.deleteConfirm')}</Text>
        </ConfirmModal>
        <ErrorModal message={error} onClose={() => setError(null)} />
      </div>
    </Stack>
  );
}
