/**
 * The string bridge's contract (test/contract/bridge.contract.ts) in Node: no DOM, so `init`'s
 * default `ui` is `engine`.
 */
import { createBridge, PAGE_UI } from '../../src/bridge/index.js';
import { createClient } from '../../src/index.js';
import { bridgeContract } from '../contract/bridge.contract.js';

bridgeContract(() => createBridge({ createClient, ui: PAGE_UI }));
