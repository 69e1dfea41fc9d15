/**
 * `phaser4` (a devDependency alias of `phaser@4`, for the tests) as a module: Phaser 4's own
 * declarations describe a global `Phaser` namespace, not a module. The tests read it as the
 * structural Phaser the plugin takes.
 */
declare module 'phaser4' {
  const Phaser: Record<string, unknown>;
  export = Phaser;
}
