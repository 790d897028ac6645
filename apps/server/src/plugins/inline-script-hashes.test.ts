import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-script-hashes';

describe("the page's inline script sources", () => {
  it('names an inline script as the CSP specification does', () => {
    // The example of the specification's hash-source (CSP Level 3, "script-src").
    expect(inlineScriptSources("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it('leaves out scripts that are files, and names each inline script once', () => {
    const html = [
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>',
      "<script>alert('Hello, world.');</script><SCRIPT>alert('Hello, world.');</SCRIPT >",
      '<script async>var a = 1;</script></head>',
    ].join('\n');
    expect(inlineScriptSources(html)).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
    expect(inlineScriptSources('<head><script src="/a.js"></script></head>')).toEqual([]);
  });
});
