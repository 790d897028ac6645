/**
 * Dermis runs on the maintained Node.js LTS lines only. Node 20 stopped receiving security fixes on
 * 2026-04-30 and Node 22 is in maintenance for less than a year more; a server holding health data
 * must not run on a runtime that no longer gets them.
 */
export const supportedNodeLines = 'Node.js 24 LTS (24.11 or later) or 26 and later';

export function isSupportedNode(version: string = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major >= 26 || (major === 24 && minor >= 11);
}

/** The sentence a start on an unsupported runtime prints (and, in production, stops with). */
export function unsupportedNodeMessage(version: string = process.versions.node): string {
  return `Node.js ${version} is not supported: run Dermis on ${supportedNodeLines}.`;
}
