export const DEFAULT_ELLIPSIS_LENGTH = 25;

// Grapheme clusters: a flag, a skin-toned or a family emoji counts as one character.
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'grapheme' }) : undefined;

// UTF-16 index where the character after the first `length` ones starts, or undefined if none.
function cutIndex(text: string, length: number): number | undefined {
  let count = 0;
  if (segmenter) {
    for (const { index } of segmenter.segment(text)) {
      if (count === length) return index;
      count++;
    }
    return undefined;
  }
  let index = 0;
  for (const codePoint of text) {
    if (count === length) return index;
    index += codePoint.length;
    count++;
  }
  return undefined;
}

/** The first `length` characters followed by `...` when the text is longer; null/undefined give ''. */
export function ellipsis(text: string | null | undefined, length = DEFAULT_ELLIPSIS_LENGTH): string {
  if (!text) return '';
  const index = cutIndex(text, Math.max(0, Math.floor(length)));
  return index === undefined ? text : text.slice(0, index) + '...';
}
