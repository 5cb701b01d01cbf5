/**
 * An error whose message is the whole report for a writer: the file and line, what is wrong, the
 * fix. Docusaurus prints a failed build's error with `util.inspect`, and the dev server a failed
 * reload with `console.error`; both would add the stack of the code that found the mistake (thirty
 * lines that say nothing to a writer, after a message that says it all). Node's inspect asks the
 * object how to show itself first (`nodejs.util.inspect.custom`), so such an error shows its message
 * alone. A bug (any other error) keeps its stack.
 */
export class WriterError extends Error {
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.message;
  }
}
