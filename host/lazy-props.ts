// Own, enumerable properties computed on first read, for the objects made on every call (results
// and their metadata). Not `get x() {}` in an object literal, nor defineProperty with a fresh
// closure: either gives each object a hidden class of its own, chained from the previous object's,
// and that chain keeps earlier calls' closures (and the outputs they captured) alive through every
// young-generation collection until a full one. A 4 KB compact() spent a third of its time in
// the scavenger that way. Here the getter is one function per property name, shared by every
// object, so they share one hidden class; what it computes from sits in a hidden slot.

const SLOTS = Symbol("abridge.lazyProps");

interface Slot {
  compute: (() => unknown) | undefined;
  value: unknown;
}

type WithSlots = { [SLOTS]: Record<string, Slot> };

const descriptors = new Map<string, PropertyDescriptor>();

function descriptorFor(name: string): PropertyDescriptor {
  let descriptor = descriptors.get(name);
  if (!descriptor) {
    descriptor = {
      enumerable: true,
      get(this: WithSlots): unknown {
        const slot = this[SLOTS][name]!;
        if (slot.compute) {
          slot.value = slot.compute();
          slot.compute = undefined; // computed once; what it captured can go
        }
        return slot.value;
      },
    };
    descriptors.set(name, descriptor);
  }
  return descriptor;
}

/**
 * Adds to `target` one own, enumerable, read-only property per entry of `lazy`, computed on its
 * first read and kept. A computation that throws is tried again on the next read. `target` must
 * be an object literal or Object.assign's copy, not an object spread's (`{ ...base }`): V8 gives a
 * spread's copy a hidden class outside the shared tree, and the chain comes back.
 */
export function defineLazy<T extends object>(target: T, lazy: Record<string, () => unknown>): T {
  const names = Object.keys(lazy);
  const slots: Record<string, Slot> = {};
  for (const name of names) slots[name] = { compute: lazy[name], value: undefined };
  Object.defineProperty(target, SLOTS, { value: slots });
  for (const name of names) Object.defineProperty(target, name, descriptorFor(name));
  return target;
}

/** Whether `target` has properties of defineLazy's: one it has not is all plain fields. */
export function hasLazyProps(target: object): boolean {
  return SLOTS in target;
}
