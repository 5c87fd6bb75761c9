/** What a screen reader reads after an element's name: the texts its aria-describedby points at. */
export function accessibleDescription(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ');
}
