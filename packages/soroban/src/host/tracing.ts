/** The tracer's hooks around a frame and around a host function (`HostTracer`, for trace tools and tests). */

import type { Val } from '../values/val.js';
import type { Frame } from './frames.js';
import type { HostFunction } from './functions/types.js';
import type { HostTracer } from './state.js';

/** Runs a frame's body between the tracer's push and pop. */
export function traced(tracer: HostTracer | undefined, frame: Frame, body: () => Val): Val {
  if (!tracer) return body();
  tracer.push(frame);
  try {
    const value = body();
    tracer.pop(frame, { value });
    return value;
  } catch (error) {
    tracer.pop(frame, { error });
    throw error;
  }
}

/** A host function that gives its outcome (an absolute Val, before it is made relative) to the tracer. */
export function tracedFunction(tracer: HostTracer, name: string, implementation: HostFunction): HostFunction {
  return (context, ...args) => {
    try {
      const value = implementation(context, ...args);
      tracer.ret(name, { value });
      return value;
    } catch (error) {
      tracer.ret(name, { error });
      throw error;
    }
  };
}
