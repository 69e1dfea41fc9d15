/**
 * Words a browser cut across lines, read from the layout (real Chromium): each space-separated word
 * of `content` (the data of `text`, a laid-out Text node) whose range covers more than one line.
 */
export function wordsCutAcrossLines(text: Node, content: string): string[] {
  const cut: string[] = [];
  let at = 0;
  for (const word of content.split(' ')) {
    const range = document.createRange();
    at = content.indexOf(word, at);
    range.setStart(text, at);
    range.setEnd(text, (at += word.length));
    if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) cut.push(word);
  }
  return cut;
}
