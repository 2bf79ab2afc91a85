// n8n-core reads its user folder when first loaded: give every jest worker a fresh one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-smartsuite-test-'));
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
