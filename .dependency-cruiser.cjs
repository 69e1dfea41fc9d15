/**
 * `npm run deps`: the shape of src/'s import graph, checked in CI (issue 26, docs/architecture.md).
 *
 * 1. No import circles, type-only imports included.
 * 2. A domain folder is entered from outside only through its door, its `index.ts`.
 *    The two adapters are doors of their own (`ui/dom/index.ts`, `ui/canvas/index.ts`): each is a
 *    package subpath, and the core never needs them. The offer options are a door of their own
 *    (`offers/options.ts`): the client checks them (and `tp-web-sdk/logging` refuses them) without
 *    the engine; reached through `offers/index.ts`, the engine's modules would come before the
 *    client's in every bundle, and the package entry would gzip 0.26 KiB larger.
 * 3. The layers point one way: a file imports its own layer or a lower one, never a higher one,
 *    and never the other domain of its own layer.
 * 4. `tcf/` (the IAB TCF bridge, `tp-web-sdk/tcf`) stands apart: a peer of the base layer, so it
 *    imports nothing of the SDK, and only its entry `tcf.ts` imports it, so no other entry ships it.
 * 5. `inspector/` (the in-game inspector, `tp-web-sdk/inspector`) is a client of the SDK, not a
 *    part of it: the top layer, it imports only the package's public surface (`index.ts`,
 *    `logging.ts`), and only its entry `inspector.ts` imports it.
 * 6. `phaser/` (the Phaser plugin, `tp-web-sdk/phaser`) is a client of the SDK too: it imports only
 *    the public surface (`index.ts`, `dom.ts`, `canvas.ts`); it sits with the entries, as the
 *    script-tag build (`iife.ts`) ships it.
 *
 * A type-only import counts like any other (`tsPreCompilationDeps`): it ties the files together
 * for a reader all the same.
 *
 * dependency-cruiser stays on 17.x: 18 needs Node 22, and CI runs Node 20 (package.json "engines").
 */

/** Domain folders and their doors. */
const DOORS = {
  'bridge': ['bridge/index.ts'],
  'bus': ['bus/index.ts'],
  'client': ['client/index.ts'],
  'inspector': ['inspector/index.ts'],
  'delivery': ['delivery/index.ts'],
  'errors': ['errors/index.ts'],
  'internal': ['internal/index.ts'],
  'offers': ['offers/index.ts', 'offers/options.ts'],
  'phaser': ['phaser/index.ts'],
  'queue': ['queue/index.ts'],
  'records': ['records/index.ts'],
  'richtext': ['richtext/index.ts'],
  'session': ['session/index.ts'],
  'tabs': ['tabs/index.ts'],
  'tcf': ['tcf/index.ts'],
  'ui': ['ui/index.ts', 'ui/dom/index.ts', 'ui/canvas/index.ts'],
  'ui/dom': ['ui/dom/index.ts'],
  'ui/canvas': ['ui/canvas/index.ts'],
};

/**
 * Lowest first. Each inner list is one level; its members are peers that do not import each
 * other, except where they are one unit (`client` and `bus`).
 */
const LAYERS = [
  { level: 'base', members: ['errors/', 'tcf/', 'version.ts', 'object-names.ts'] },
  { level: 'richtext', members: ['richtext/'] },
  { level: 'internal', members: ['internal/'] },
  { level: 'records, ui', members: ['records/', 'ui/'] },
  { level: 'queue', members: ['queue/'] },
  { level: 'delivery', members: ['delivery/'] },
  { level: 'offers, tabs, session', members: ['offers/', 'tabs/', 'session/'] },
  { level: 'client', members: ['client/', 'bus/'], oneUnit: true },
  // The string bridge drives a client and names the adapters: above the client, below the entries.
  { level: 'bridge', members: ['bridge/'] },
  {
    level: 'entries',
    members: ['index.ts', 'logging.ts', 'dom.ts', 'canvas.ts', 'iife.ts', 'sw.ts', 'sw-script.ts', 'tcf.ts', 'bridge.ts', 'phaser.ts', 'phaser/'],
    oneUnit: true,
  },
  { level: 'inspector', members: ['inspector/', 'inspector.ts'], oneUnit: true },
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A path regex for src/ plus one member: a folder (ends in `/`) or a file. */
const pathOf = (member) => `^src/${escape(member)}${member.endsWith('/') ? '' : '$'}`;

const doorRules = Object.entries(DOORS).map(([folder, doors]) => ({
  name: `door:${folder}`,
  comment: `src/${folder}/ is entered from outside only through ${doors.map((d) => `src/${d}`).join(', ')}.`,
  severity: 'error',
  from: { path: '^src/', pathNot: pathOf(`${folder}/`) },
  to: { path: pathOf(`${folder}/`), pathNot: doors.map(pathOf) },
}));

const upwardRules = LAYERS.slice(0, -1).map((layer, index) => {
  const higher = LAYERS.slice(index + 1);
  return {
    name: `layer:${layer.level}`,
    comment: `${layer.level} must not import a higher layer (${higher.map((l) => l.level).join(' → ')}).`,
    severity: 'error',
    from: { path: layer.members.map(pathOf) },
    to: { path: higher.flatMap((l) => l.members).map(pathOf) },
  };
});

const peerRules = LAYERS.filter((layer) => !layer.oneUnit && layer.members.length > 1).flatMap((layer) =>
  layer.members.map((member) => ({
    name: `peer:${member.replace(/\/$/, '')}`,
    comment: `${member} must not import the other members of its layer (${layer.level}).`,
    severity: 'error',
    from: { path: pathOf(member) },
    to: { path: layer.members.filter((m) => m !== member).map(pathOf) },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: the files cannot be read (or changed) one after the other.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve to a file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    ...doorRules,
    {
      name: 'apart:tcf',
      comment: 'src/tcf/ is imported only by its entry, src/tcf.ts: no other entry ships the TCF bridge.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/tcf/', '^src/tcf\\.ts$'] },
      to: { path: '^src/tcf/' },
    },
    {
      name: 'public-only:inspector',
      comment: 'src/inspector/ is a client of the SDK: it imports only the public surface (src/index.ts, src/logging.ts), never the SDK\'s internals.',
      severity: 'error',
      from: { path: ['^src/inspector/', '^src/inspector\\.ts$'] },
      to: { path: '^src/', pathNot: ['^src/inspector/', '^src/index\\.ts$', '^src/logging\\.ts$'] },
    },
    {
      name: 'public-only:phaser',
      comment: 'src/phaser/ is a client of the SDK: it imports only the public surface (src/index.ts, src/dom.ts, src/canvas.ts), never the SDK\'s internals.',
      severity: 'error',
      from: { path: '^src/phaser/' },
      to: { path: '^src/', pathNot: ['^src/phaser/', '^src/index\\.ts$', '^src/dom\\.ts$', '^src/canvas\\.ts$'] },
    },
    ...upwardRules,
    ...peerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
