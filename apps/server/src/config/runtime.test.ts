import { describe, expect, it } from 'vitest';
import { isSupportedNode, unsupportedNodeMessage } from './runtime';

describe('supported Node.js lines', () => {
  it('accepts 24 LTS from 24.11, and 26 and later', () => {
    expect(['24.11.0', '24.22.3', '26.0.0', '26.12.1', '28.1.0'].map((v) => isSupportedNode(v))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('refuses end-of-life and non-LTS lines', () => {
    expect(['20.20.2', '22.22.0', '24.10.0', '25.9.0'].map((v) => isSupportedNode(v))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(unsupportedNodeMessage('20.20.2')).toBe(
      'Node.js 20.20.2 is not supported: run Dermis on Node.js 24 LTS (24.11 or later) or 26 and later.',
    );
  });

  it('is the runtime this test runs on', () => {
    expect(isSupportedNode()).toBe(true);
  });
});
