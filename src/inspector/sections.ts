/**
 * The panel's sections, drawn from a report: each a heading and a list, a table or a term list.
 * Every text goes in through `textContent` (no markup is ever parsed: record fields and reasons
 * come from the game and the service).
 *
 * @module
 */
import type { DecisionRow, InspectorReport, UploadRow } from './types.js';

/** An element with text, or with children. */
export function el(tag: string, content?: string | readonly Node[], className?: string): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (typeof content === 'string') element.textContent = content;
  else if (content) element.append(...content);
  return element;
}

const time = (ms: number): string => new Date(ms).toLocaleTimeString();

/** A heading followed by `body`, as a labelled group. */
function section(id: string, title: string, body: Node): HTMLElement {
  const heading = el('h3', title);
  heading.id = `tp-inspector-${id}`;
  const group = el('section', [heading, body]);
  group.setAttribute('aria-labelledby', heading.id);
  return group;
}

function terms(pairs: ReadonlyArray<readonly [string, string]>): HTMLElement {
  return el('dl', pairs.flatMap(([term, value]) => [el('dt', term), el('dd', value)]));
}

/** A table; the column `wrap` takes the width left and wraps, the others keep to one line. */
function table(caption: string, head: readonly string[], rows: ReadonlyArray<readonly string[]>, wrap: number): HTMLElement {
  const header = el('tr', head.map((h) => {
    const th = el('th', h);
    th.setAttribute('scope', 'col');
    return th;
  }));
  return el('table', [el('caption', caption, 'sr'), el('thead', [header]), el('tbody', rows.map((cells) => el('tr', cells.map((c, i) => el('td', c, i === wrap ? 'wrap' : undefined)))))]);
}

const none = (text: string): HTMLElement => el('p', text, 'none');

const kindsText = (row: UploadRow): string =>
  Object.entries(row.kinds).map(([kind, count]) => `${kind} × ${count}`).join(', ');

/** A decision's outcome: `shown offer 12`, `picked offer 12`, `skipped: capped`, and its trigger. */
const outcomeText = (row: DecisionRow): string =>
  `${row.outcome === 'skipped' ? `skipped: ${row.reason}${row.cap === undefined ? '' : ` (${row.cap})`}` : `${row.outcome} offer ${row.offerId}`}${row.trigger === undefined ? '' : ` (trigger ${row.trigger})`}`;

/** One decision: time, placement and outcome, then each candidate with its reason. */
function decisionItem(row: DecisionRow): HTMLElement {
  const candidates = row.candidates.map((c) => el('li', `offer ${c.offerId}: ${c.reason ?? 'picked'}`));
  if (row.moreCandidates > 0) candidates.push(el('li', `${row.moreCandidates} more`));
  return el('li', [
    el('span', `${time(row.at)} ${row.placement}: ${outcomeText(row)}`),
    candidates.length === 0 ? el('span', ' (no known offer)') : el('ul', candidates),
  ]);
}

/** Every section, in reading order. */
export function drawSections(report: InspectorReport): HTMLElement[] {
  const { stats } = report;
  const reasons = Object.entries(report.droppedByReason).map(([reason, records]) => `${reason}: ${records}`).join(', ');
  const session = report.session;
  const lastChange = report.sessionEvents[0];
  return [
    section('state', 'Consent and storage', terms([
      ['Consent', report.consent],
      ['Storage', stats.storage],
      ...(stats.stranded > 0 ? [['Left in IndexedDB', `${stats.stranded} record(s), sent by a later page`] as const] : []),
      ['Uploads for all tabs', stats.leader ? 'this tab' : 'another tab'],
      ['Paused', stats.paused ?? 'no'],
      ['Gameplay', report.inGameplay ? 'playing' : 'at a break'],
    ])),
    section('queue', 'Queue', terms([
      ['Queued', String(stats.queued)],
      ['Held for consent', String(stats.held)],
      ['In flight', String(stats.inFlight)],
      ['Delivered', `${stats.delivered} in ${stats.batches} request(s)`],
      ['Relayed after the page left', String(stats.relayed)],
      ['Retried', String(stats.retried)],
      ['Dead-lettered', String(stats.deadLettered)],
      ['Dropped', `${stats.dropped}${reasons ? ` (${reasons})` : ''}`],
      ['Invalid', String(stats.invalid)],
    ])),
    section('session', 'Session', session || lastChange
      ? terms([
        ...(session ? [['Id', session.id], ['Index', String(session.index)], ['Started', new Date(session.startedAt * 1000).toLocaleString()]] as const : [['Now', 'no session']] as const),
        ...(lastChange ? [['Last change', lastChange]] as const : []),
      ])
      : none('no session')),
    section('uploads', `Last uploads (${report.uploads.length})`, report.uploads.length === 0
      ? none('no upload since the inspector was attached')
      : table('Last uploads, newest first', ['Time', 'Status', 'Records', 'Bytes'], report.uploads.map((u) => [
        time(u.at),
        `${u.status}${u.keepalive ? ' (keepalive)' : ''}`,
        kindsText(u),
        String(u.bytes),
      ]), 2)),
    section('invalid', `Invalid records (${report.invalid.length})`, report.invalid.length === 0
      ? none('no invalid record since the inspector was attached')
      : el('ul', report.invalid.map((row) => el('li', `${time(row.at)} ${row.objectName}: ${row.paths.map((path, i) => `${path || '(record)'}: ${row.reasons[i]}`).join('; ')}`)))),
    section('offers', 'Offers', report.offers === undefined
      ? none('no offers in this build (tp-web-sdk/logging)')
      : report.offers.length === 0
        ? none('no offer listed')
        : table('Offers', ['Offer', 'Verdict', 'State'], report.offers.map((o) => [`${o.offerId} (${o.kind})`, o.verdict, o.state]), 0)),
    section('decisions', `Placement decisions (${report.decisions.length})`, report.offers === undefined
      ? none('no offers in this build (tp-web-sdk/logging)')
      : report.decisions.length === 0
        ? none('no showAt() since the inspector was attached')
        : el('ul', report.decisions.map(decisionItem))),
    ...(report.inspectorErrors.length === 0 ? [] : [section('faults', 'Inspector errors', el('ul', report.inspectorErrors.map((text) => el('li', text))))]),
  ];
}
