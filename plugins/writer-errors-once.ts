/**
 * The site's remark plugins, made to report a writer's mistake once.
 *
 * Docusaurus' MDX loader turns an error thrown by a remark plugin into "MDX compilation failed for
 * file ...", then "Cause: <message>", then "Details: <stack>", in the terminal and in the browser's
 * overlay alike. A writer's mistake (`WriterError`) already says the file, the line and the fix in
 * its message; its stack would print that message again with thirty lines of our frames under it.
 * So a `WriterError` leaving one of these plugins has its stack cut to its class's name before the loader
 * reads it. Only here: an error that reaches Node's uncaught handler prints its stack alone, so a
 * `WriterError` elsewhere keeps its message there. Any other error (a bug) keeps its stack.
 */
import type {Pluggable, PluggableList, Plugin} from 'unified';
import {WriterError} from '#core/util/writer-error';

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

function cutStack(err: unknown): never {
  if (err instanceof WriterError) err.stack = err.constructor.name;
  throw err;
}

function once(plugin: AnyFunction): Plugin {
  return function writerErrorsOnce(this: unknown, ...options: unknown[]) {
    const transformer = plugin.apply(this, options);
    if (typeof transformer !== 'function') return transformer;
    return function (this: unknown, ...args: unknown[]) {
      try {
        const result: unknown = (transformer as AnyFunction).apply(this, args);
        return result instanceof Promise ? result.catch(cutStack) : result;
      } catch (err) {
        return cutStack(err);
      }
    };
  } as Plugin;
}

/** `plugins`, each wrapped (a plugin alone or `[plugin, options]`); presets are not used here. */
export function writerErrorsOnce(plugins: PluggableList): PluggableList {
  return plugins.map((entry): Pluggable => {
    if (typeof entry === 'function') return once(entry as AnyFunction);
    if (Array.isArray(entry) && typeof entry[0] === 'function') {
      const [plugin, ...options] = entry as unknown[];
      return [once(plugin as AnyFunction), ...options] as Pluggable;
    }
    throw new Error('writerErrorsOnce: takes remark plugins and [plugin, options] pairs, not presets');
  });
}
