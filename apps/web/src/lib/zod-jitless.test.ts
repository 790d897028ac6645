import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("sets zod's jitless configuration, which zod then reads", async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
