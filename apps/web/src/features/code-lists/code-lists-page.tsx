/** /o/{organizationId}/cl/{cl}: the code-list browser. */
export function CodeListsPage() {
  return <div data-testid="code-lists-page" />;
}
