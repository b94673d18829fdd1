/** The list with the item at `from` moved to `to` (both indexes of the list as it was). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return moved;
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  return moved;
}
