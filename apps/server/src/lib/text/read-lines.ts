/**
 * Reads a text file line by line in constant memory: chunks come from the file stream only as fast
 * as `onLine` handles them (async iteration of a Readable honours back-pressure), so a 1 GB release
 * file never sits in memory. Reports progress by bytes read.
 */
import fs from 'node:fs';

export interface LineProgress {
  bytesRead: number;
  totalBytes: number;
  lines: number;
}

export async function readLines(
  file: string,
  onLine: (line: string, lineNumber: number) => Promise<void> | void,
  onProgress?: (progress: LineProgress) => void,
): Promise<number> {
  const totalBytes = fs.statSync(file).size;
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let rest = '';
  let lines = 0;
  for await (const chunk of stream as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      lines += 1;
      await onLine(part.endsWith('\r') ? part.slice(0, -1) : part, lines);
    }
    onProgress?.({ bytesRead: stream.bytesRead, totalBytes, lines });
  }
  if (rest.length > 0) {
    lines += 1;
    await onLine(rest.endsWith('\r') ? rest.slice(0, -1) : rest, lines);
  }
  onProgress?.({ bytesRead: totalBytes, totalBytes, lines });
  return lines;
}
