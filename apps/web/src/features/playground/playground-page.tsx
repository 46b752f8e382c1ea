/** /playground and /playground/playground_input: every input type and a sample schema form. */
export function PlaygroundPage() {
  return <div data-testid="playground-page" />;
}
