// n8n-core reads its user folder when first loaded: give every jest worker a fresh one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PACE } from '../../nodes/SmartSuite/shared/transport/pace';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-smartsuite-test-'));
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// The emulator retries a failed notification for about a day, as SmartSuite does; tests, 0.7 s.
process.env.EMULATOR_NOTIFICATION_RETRIES ??= 'quick';

// The emulator has no rate limit unless a test sets one, and requests are not paced either: 4 a
// second would make the suites' thousands of requests take many minutes. The tests of the pace
// turn it on (test/node/pacing.test.ts, the bench's paced job).
PACE.windowMs = 0;
