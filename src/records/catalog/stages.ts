/** Spec group "Stages" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, type KindSpec } from './kind-spec.js';

const STAGE_RESULT = { stage_result: 'text', stage_score: 'double', stage_play_seconds: 'double' } as const;

export const STAGES = {
  players_stages: {
    source: 'sdk',
    required: { stage_slug: 'slug' },
    optional: STAGE_RESULT,
  },
  characters_stages: {
    source: 'sdk',
    required: { ...CHARACTER, stage_slug: 'slug' },
    optional: STAGE_RESULT,
  },
} as const satisfies Record<string, KindSpec>;
