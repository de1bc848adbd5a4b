/**
 * The editor's HTML as the site stores it: list items without the paragraph ProseMirror wraps their
 * text in (the seeded posts and the public styles use `<li>text</li>`), and no empty paragraph at the end.
 */
export function storedHtml(editorHtml: string): string {
  // ProseMirror keeps an empty paragraph after a final image so the caret has somewhere to go.
  const trimmed = editorHtml.replace(/(<p><\/p>)+$/, "");
  return trimmed.replace(/<li><p>((?:(?!<\/?p>|<\/?li>).)*)<\/p><\/li>/g, "<li>$1</li>");
}
