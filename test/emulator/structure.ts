/**
 * Solutions and tables beyond listing them: get a solution and create a table, as SmartSuite's
 * reference describes them (solution-data/solutions/get-solution.md, tables/create-table.md,
 * fields/field-object.md). What the reference leaves open is guessed as a Django REST API answers:
 * refusals are 400 with `{"<param>": ["message"]}`, a created table is 201. The reference names
 * no refusal of a table name used twice, so none is made.
 */
import { notFound } from './errors';
import { hexId } from './fixtures';
import { ADDABLE_FIELD_TYPES, dueDateProblem } from './fieldOps';
import { type Body, Reply } from './records';
import type { Store } from './store';
import type { FieldObject, SolutionObject, TableObject } from './types';

/** Types whose options are `params.choices`. */
const CHOICE_TYPES = ['singleselectfield', 'multipleselectfield', 'statusfield'];

function refused(param: string, message: string): Reply {
	return new Reply(400, { [param]: [message] });
}

/** `GET /api/v1/solutions/<id>/`: the solution, 404 when unknown. */
export function getSolution(store: Store, solutionId: string): SolutionObject {
	const solution = store.solutions.find((candidate) => candidate.id === solutionId);
	if (!solution) throw notFound('Not found.');
	return solution;
}

/** One field of a new table's structure, or the refusal's message. */
function newField(field: unknown, slugs: Set<string>, structure: unknown[]): FieldObject | string {
	if (typeof field !== 'object' || field === null || Array.isArray(field))
		return 'Each field must be an object.';
	const { slug, label, field_type: type, params } = field as Body;
	if (typeof slug !== 'string' || slug === '') return 'Each field needs a slug.';
	if (slugs.has(slug)) return `The slug "${slug}" is used twice.`;
	if (typeof label !== 'string' || label.trim() === '') return `The field "${slug}" needs a label.`;
	if (typeof type !== 'string' || !ADDABLE_FIELD_TYPES.includes(type))
		return `"${String(type)}" is not a field type that can be added.`;
	if (type === 'duedatefield') {
		const problem = dueDateProblem(
			(params as Body | undefined) ?? {},
			structure.filter(
				(other): other is Body => typeof other === 'object' && other !== null,
			) as Array<Pick<FieldObject, 'slug' | 'field_type'>>,
		);
		if (problem) return `The field "${slug}": ${problem}`;
	}
	if (type === 'linkedrecordfield') {
		const linked = (params as Body | undefined)?.linked_application;
		if (typeof linked !== 'string') return `The field "${slug}" needs params.linked_application.`;
	}
	slugs.add(slug);
	// A field given is never the primary one: the Title field is.
	const { primary: _primary, ...given } =
		typeof params === 'object' && params !== null ? (params as Body) : {};
	return {
		slug,
		label,
		field_type: type,
		params: { ...(CHOICE_TYPES.includes(type) ? { choices: [] } : {}), ...given },
	};
}

/** The Title field SmartSuite gives every new table (SmartSuite's MCP server, CHANGELOG 0.9.7). */
const TITLE_FIELD: FieldObject = {
	slug: 'title',
	label: 'Title',
	field_type: 'recordtitlefield',
	params: { required: true, primary: true },
};

/**
 * `POST /api/v1/applications/` `{name, solution, structure}`: the created table (201). SmartSuite
 * gives every new table its default Title field, `title`, primary, and adds the fields given after
 * it (SmartSuite's MCP server: "`structure` is required by the API; [] auto-creates the default
 * title field"); none of them is made primary. A `structure` that is not a list is refused.
 */
export function createTable(store: Store, body: Body): Reply {
	const { name, solution, structure } = body;
	if (typeof name !== 'string' || name.trim() === '')
		return refused(
			'name',
			name === undefined ? 'This field is required.' : 'This field may not be blank.',
		);
	if (typeof solution !== 'string' || solution === '')
		return refused('solution', 'This field is required.');
	if (!store.solutions.some((candidate) => candidate.id === solution))
		return refused('solution', `Invalid pk "${solution}" - object does not exist.`);
	if (!Array.isArray(structure))
		return refused(
			'structure',
			structure === undefined ? 'This field is required.' : 'Expected a list of items.',
		);
	const slugs = new Set<string>([TITLE_FIELD.slug]);
	const fields: FieldObject[] = [];
	for (const field of structure) {
		const made = newField(field, slugs, structure);
		if (typeof made === 'string') return refused('structure', made);
		fields.push(made);
	}
	const id = hexId();
	const table: TableObject = store.addTable(solution, {
		id,
		name: name.trim(),
		slug: `s${id.slice(0, 7)}`,
		structure: [structuredClone(TITLE_FIELD), ...fields],
	});
	return new Reply(201, { ...table, status: 'active', primary_field: TITLE_FIELD.slug });
}
