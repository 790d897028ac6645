import { describe, expect, it } from 'vitest';
import { avatarFileProblem, clampCrop, cropRectangle } from './image-file';

describe('avatar file checks', () => {
  it('accepts JPEG, JPG and PNG up to 5 MB only', () => {
    expect(avatarFileProblem({ name: 'me.PNG', type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.jpeg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'avatar.error.size',
    );
    expect(avatarFileProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('avatar.error.type');
    expect(avatarFileProblem({ name: 'me.png.exe', type: 'image/png', size: 10 })).toBe('avatar.error.type');
  });
});

describe('square crop', () => {
  const image = { width: 1000, height: 500 };
  it('covers the viewport with the short side and crops the centre by default', () => {
    expect(cropRectangle({ zoom: 1, x: 0, y: 0 }, image, 250, 500)).toEqual({
      sx: 250,
      sy: 0,
      side: 500,
      output: 500,
    });
  });

  it('zooms in and never lets the image leave the square', () => {
    const crop = clampCrop({ zoom: 2, x: 10_000, y: -10_000 }, image, 250);
    const rect = cropRectangle(crop, image, 250, 500);
    expect(rect.sx).toBeCloseTo(0);
    expect(rect.sy).toBeCloseTo(250);
    expect(rect.side).toBeCloseTo(250);
    expect(rect.output).toBe(250);
  });

  it('never outputs more than 500 pixels a side', () => {
    expect(cropRectangle({ zoom: 1, x: 0, y: 0 }, { width: 4000, height: 3000 }, 250, 500).output).toBe(500);
  });
});
