/**
 * The fonts of the health summary PDF (decision 130). The PDF standard fonts encode WinAnsi only, so
 * names such as 'Nguyễn', 'Łukasz' or '王' printed as '?'; these embedded fonts draw them. pdfkit
 * embeds only the glyphs a document uses (a subset), so a summary carries kilobytes of font, not the
 * files' megabytes.
 * - Noto Sans (regular, bold, italic): Latin with its extensions, Vietnamese, Greek, Cyrillic. From
 *   the npm package @expo-google-fonts/noto-sans (Google Fonts' build of Noto Sans; the fonts are
 *   SIL Open Font License 1.1, the package's code MIT).
 * - Noto Sans SC (regular, bold): Chinese characters and Japanese kana, for the characters Noto Sans
 *   lacks. From @expo-google-fonts/noto-sans-sc (same licences), an optional dependency: its files are
 *   large (about 10 MB a weight, 95 MB installed), so they are read only when a document has such a
 *   character, and an install without optional packages prints those characters as '?'.
 * - Noto Sans KR (regular, bold): Korean Hangul, for the characters neither of the others has. From
 *   @expo-google-fonts/noto-sans-kr (same licences), optional and read only when needed like SC
 *   (about 6 MB a weight, 56 MB installed).
 * - Noto Emoji (regular, bold): emoji, in black and white like the rest of the page, for the
 *   characters none of the others has. From @expo-google-fonts/noto-emoji (same licences), optional
 *   and read only when needed (under 1 MB a weight). Its layout joins a sequence (a flag, a family
 *   joined by ZWJ, a keycap) into one glyph when the sequence is one run.
 * A character no family has is printed as '?', so a reader sees that something is missing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type { Font } from 'fontkit';

export type PdfTextStyle = 'regular' | 'bold' | 'italic';
type Family = 'latin' | 'cjk' | 'korean' | 'emoji';
type OptionalFamily = Exclude<Family, 'latin'>;

const fontFiles: Record<Family, Record<PdfTextStyle, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    // Chinese type has no italic: the regular weight.
    italic: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  },
  korean: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
    // Korean type has no italic either.
    italic: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  },
  emoji: {
    regular: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    bold: '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
    // Emoji have no italic.
    italic: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  },
};

const require = createRequire(import.meta.url);
const files = new Map<string, Buffer>();
const parsed = new Map<string, Font>();

/** A font file's bytes, read once per process. */
function read(file: string): Buffer {
  let data = files.get(file);
  if (!data) {
    data = readFileSync(require.resolve(file));
    files.set(file, data);
  }
  return data;
}

let fontkit: typeof Fontkit | undefined;

/** Loads fontkit, once; the functions below need it (renderHealthSummaryPdf awaits it first). */
export async function loadFontkit(): Promise<void> {
  fontkit ??= await import('fontkit');
}

function parse(file: string): Font {
  if (!fontkit) throw new Error('fontkit is not loaded yet: await loadFontkit() first');
  const font = fontkit.create(read(file));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

/** A font parsed once per process, for questions about it (coverage, metrics), never for drawing. */
function load(file: string): Font {
  let font = parsed.get(file);
  if (!font) {
    font = parse(file);
    parsed.set(file, font);
  }
  return font;
}

/**
 * A font for one document to draw with. A new fontkit font each time: fontkit keeps the glyphs it
 * has made with the characters of their first use, and pdfkit writes the ToUnicode map from those,
 * so a font shared between documents could give a glyph no character (one made while subsetting a
 * composite letter of an earlier document). Its layout leaves out the `ccmp` feature: with it, Noto
 * Sans draws 'ị' or 'ọ' as the plain letter plus a combining dot, and pdfkit's ToUnicode map gives a
 * glyph the character of its first use only, so readers (search, copy, screen readers) would get
 * 'Thi' for 'Thị'. Text is NFC, so the precomposed glyphs are there. (pdfkit's own `features`
 * option would do the same but turns off its layout cache: ten times slower.)
 */
function drawingFont(file: string, family: Family): Font {
  const font = parse(file);
  // The emoji font makes its sequences (ZWJ families, keycaps) with `ccmp`: it keeps it.
  if (family === 'emoji') return font;
  const layout = font.layout.bind(font);
  // fontkit fills in (mutates) the features object it is given: a new one per call.
  font.layout = (text, features, ...rest) => layout(text, features ?? { ccmp: false }, ...rest);
  return font;
}

/** An optional family's font for coverage checks, or null when its package is not installed. */
function optionalFont(family: OptionalFamily): Font | null {
  try {
    return load(fontFiles[family].regular);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** Which family draws a code point (null: none has it), remembered per code point. */
const familyOf = new Map<number, Family | null>();
function familyFor(codePoint: number): Family | null {
  let family = familyOf.get(codePoint);
  if (family === undefined) {
    // In this order: the Latin font has a code point's glyph more often, and the Chinese font draws
    // the Han characters a Korean text may also hold the way the other Chinese names are drawn.
    family = load(fontFiles.latin.regular).hasGlyphForCodePoint(codePoint)
      ? 'latin'
      : optionalFont('cjk')?.hasGlyphForCodePoint(codePoint)
        ? 'cjk'
        : optionalFont('korean')?.hasGlyphForCodePoint(codePoint)
          ? 'korean'
          : optionalFont('emoji')?.hasGlyphForCodePoint(codePoint)
            ? 'emoji'
            : null;
    familyOf.set(codePoint, family);
  }
  return family;
}

const zeroWidthJoiner = '\u200d';

/** A stretch of text drawn with one font, named as it is registered on the document. */
export interface FontRun {
  font: string;
  text: string;
}

/**
 * The text split into runs by the font that has its characters: NFC first (precomposed Vietnamese
 * letters), tabs and line breaks as spaces, other control characters dropped, characters no font
 * has as '?'.
 */
export function fontRuns(text: string, style: PdfTextStyle): FontRun[] {
  const runs: FontRun[] = [];
  const chars = [...text.normalize('NFC')];
  for (const [index, character] of chars.entries()) {
    let ch = character;
    const code = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\t' || ch === '\n' || ch === '\r') ch = ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const last = runs.at(-1);
    // Every family has the space: it stays in the run it follows, so 'Wang 王 小明' is two runs. Not
    // after an emoji: the emoji font's space is as wide as an emoji. The zero-width joiner goes the
    // other way: the Latin font has it too, but inside an emoji sequence it must stay in the emoji
    // run, or the family '👨‍👩‍👧' would print as three people.
    const inEmoji = last?.font.startsWith('emoji-') ?? false;
    if (last && ((ch === ' ' && !inEmoji) || (ch === zeroWidthJoiner && inEmoji))) {
      last.text += ch;
      continue;
    }
    // A keycap ('#️⃣', '2️⃣') starts with a character of the Latin font: it is drawn whole by the emoji
    // font, when that is installed.
    const keycap = /^[#*0-9]$/.test(ch) && /^[\ufe0f\u20e3]$/.test(chars[index + 1] ?? '');
    let family = keycap && optionalFont('emoji') ? 'emoji' : familyFor(ch.codePointAt(0) ?? 0x3f);
    if (!family) {
      ch = '?';
      family = 'latin';
    }
    const font = `${family}-${style}`;
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

/**
 * How far below the top of a line its baseline lies, in points, for text of `size` in `style`: the
 * Latin font's ascent. Every run of a line is placed with it (pdfkit's `baseline` option), so a run
 * in the Chinese or Korean font, whose ascent is taller, sits on the same baseline instead of lower.
 */
export function baselineBelowTop(style: PdfTextStyle, size: number): number {
  const font = load(fontFiles.latin[style]);
  return (font.ascent / font.unitsPerEm) * size;
}

/** Registers on `pdf` the font a run names, once per document. */
export function useFont(pdf: PDFKit.PDFDocument, registered: Set<string>, font: string): void {
  if (!registered.has(font)) {
    const [family, style] = font.split('-') as [Family, PdfTextStyle];
    // pdfkit accepts a parsed fontkit font (its changelog, 0.17); its types know only files and buffers.
    pdf.registerFont(font, drawingFont(fontFiles[family][style], family) as unknown as Buffer);
    registered.add(font);
  }
  pdf.font(font);
}
