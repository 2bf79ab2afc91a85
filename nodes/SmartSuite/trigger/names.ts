/**
 * The triggers' display names, which start their log lines (written out in the descriptions too,
 * where n8n's lint rules read them; test/node/description.test.ts keeps the two equal). The type
 * names (smartSuiteTrigger, smartSuiteInstantTrigger) stay as they were, so that saved workflows
 * keep working. The webhook trigger, the one to choose first, is the "SmartSuite Trigger": n8n's
 * listen screen names the service by the display name without " Trigger".
 */
export const POLLING_TRIGGER = 'SmartSuite Polling Trigger';
export const INSTANT_TRIGGER = 'SmartSuite Trigger';
