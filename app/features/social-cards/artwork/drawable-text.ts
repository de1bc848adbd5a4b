/** Emoji and the marks that shape them: the drawing's faces have none, so they are left out. */
const PICTOGRAPHS = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
/** What the drawing's faces set: Latin letters and the marks, figures and punctuation every script shares. */
const DRAWABLE = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * A title as the covers and cards can draw it: without emoji, or null when it holds letters the faces
 * do not have (Hebrew, Arabic, Chinese…), which the drawing would show as boxes, and without right to
 * left order or joined letters. The drawing then shows its other parts, not a row of boxes.
 */
export function drawableText(text: string): string | null {
  const drawn = text.replace(PICTOGRAPHS, "").replace(/\s+/g, " ").trim();
  return drawn && DRAWABLE.test(drawn) ? drawn : null;
}
