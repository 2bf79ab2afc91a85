/**
 * What the SmartSuite node does, in its description and in the polling trigger's. n8n's nodes
 * panel lists the action node and the trigger whose type name is the same plus "Trigger" as one
 * "SmartSuite" entry, and shows the trigger's description above that entry's actions and
 * events (editor-ui, nodeCreator useActionsGeneration.ts, generateMergedNodesAndActions: "default
 * to trigger description"). The trigger's own purpose shows in its events and its panel.
 */
export const SMARTSUITE_DESCRIPTION =
	'Create, read, update, delete, search and restore records, upload and download their files, comment on them, read members and teams, manage solutions, tables, fields, views and webhooks in SmartSuite';
