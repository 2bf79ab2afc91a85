/** Injected faults: which requests they hit (the HTTP layer decides what each action does). */
import type { FaultAction, FaultSpec, Operation } from './types';

interface ActiveFault {
	spec: FaultSpec;
	/** Matching requests seen so far (the first `skip` of them pass untouched). */
	seen: number;
	hits: number;
}

export class Faults {
	private active: ActiveFault[] = [];

	add(spec: FaultSpec): () => void {
		const fault: ActiveFault = { spec, seen: 0, hits: 0 };
		this.active.push(fault);
		return () => {
			this.active = this.active.filter((f) => f !== fault);
		};
	}

	clear(): void {
		this.active = [];
	}

	/** Actions that hit this request, in the order their faults were added; counts the hits. */
	take(operation: Operation, requestNumber: number): FaultAction[] {
		const actions: FaultAction[] = [];
		for (const fault of this.active) {
			const { spec } = fault;
			if (spec.operation !== undefined && ![spec.operation].flat().includes(operation)) continue;
			if (spec.requestNumber !== undefined && spec.requestNumber !== requestNumber) continue;
			if (fault.seen++ < (spec.skip ?? 0)) continue;
			if (fault.hits >= (spec.times ?? 1)) continue;
			fault.hits++;
			actions.push(spec.action);
		}
		return actions;
	}
}
