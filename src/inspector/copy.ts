/**
 * "Copy report as JSON": the asynchronous clipboard, and where it is missing or refused (an
 * insecure page, an iframe without the permission), the report shown selected in a text area for
 * the player's own copy gesture. The result is always said in the panel's status line.
 *
 * @module
 */

/** Copies `json` (`what`: how the status line names it), says how it went, and falls back to `area` (shown, filled, selected). */
export function copyReport(json: string, say: (text: string) => void, area: HTMLTextAreaElement, what = 'Report'): void {
  const showInArea = (why: string): void => {
    area.hidden = false;
    area.value = json;
    area.focus();
    area.select();
    say(`${why}: the ${what.toLowerCase()} is selected below, copy it from there.`);
  };
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (typeof clipboard?.writeText !== 'function') return showInArea('No clipboard here');
  clipboard.writeText(json).then(
    () => {
      area.hidden = true;
      say(`${what} copied (${json.length} characters).`);
    },
    (error: unknown) => showInArea(`Copy refused (${error instanceof Error ? error.name : 'error'})`),
  );
}
