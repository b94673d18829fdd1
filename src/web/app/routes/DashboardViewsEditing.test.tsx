import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultViews, savedView } from '../../test/dashboard-fixtures.ts';
import { articles, openViews, tab, viewsServer } from '../../test/views-server.ts';
import { routes } from '../router.tsx';

const [all, mentions, dms] = defaultViews as [
  (typeof defaultViews)[0],
  (typeof defaultViews)[0],
  (typeof defaultViews)[0],
];
const order = (tabs: HTMLElement) =>
  within(tabs)
    .getAllByRole('tab')
    .map((item) => item.dataset.viewId);
const urgent = savedView('00000000-0000-4000-8000-0000000000bb', {
  name: 'Urgent',
  filters: { types: ['dm'] },
});

describe('renaming, moving and deleting saved views', () => {
  it('renames a default from its menu, and gives it back its own name when the field is emptied', async () => {
    const server = viewsServer();
    const { tabs } = await openViews(routes);
    await userEvent.click(tab(tabs, /^Mentions/));
    await userEvent.click(screen.getByRole('button', { name: 'Options for the view “Mentions”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the view' });
    expect(within(dialog).getByText('Leave it empty to call it “Mentions” again.')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'To me{Enter}');
    await waitFor(() => expect(tab(tabs, /^To me \(3 messages\)$/)).toHaveAttribute('aria-selected', 'true'));

    await userEvent.click(screen.getByRole('button', { name: 'Options for the view “To me”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const again = await screen.findByRole('dialog', { name: 'Rename the view' });
    await userEvent.clear(within(again).getByRole('textbox', { name: 'Name' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(tab(tabs, /^Mentions \(3 messages\)$/)).toBeVisible());
    expect(server.state.writes).toEqual([`rename ${mentions.id} To me`, `rename ${mentions.id} null`]);
  });

  it('moves the chosen view left from its menu with the keyboard, and says where it went', async () => {
    const server = viewsServer();
    const { tabs } = await openViews(routes);
    await userEvent.click(tab(tabs, /^DMs/));
    const options = screen.getByRole('button', { name: 'Options for the view “DMs”' });
    options.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Move right' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Move left' }));

    await waitFor(() => expect(order(tabs)).toEqual([all.id, dms.id, mentions.id]));
    expect(screen.getByText('“DMs” moved to place 2 of 3.')).toBeInTheDocument();
    expect(server.state.writes).toEqual([`order ${all.id},${dms.id},${mentions.id}`]);
  });

  it('moves a view by dragging its tab onto another', async () => {
    const server = viewsServer([...defaultViews, urgent]);
    const { tabs } = await openViews(routes);
    const transfer = { setData: () => undefined, effectAllowed: 'move' };
    fireEvent.dragStart(tab(tabs, /^Urgent/), { dataTransfer: transfer });
    fireEvent.dragOver(tab(tabs, /^All/), { dataTransfer: transfer });
    fireEvent.drop(tab(tabs, /^All/), { dataTransfer: transfer });
    await waitFor(() =>
      expect(server.state.writes).toEqual([`order ${urgent.id},${all.id},${mentions.id},${dms.id}`]),
    );
    expect(order(tabs)).toEqual([urgent.id, all.id, mentions.id, dms.id]);
  });

  it('deletes a view of the person’s own after asking, and the next tab is chosen; a default has no Delete', async () => {
    const server = viewsServer([...defaultViews, urgent]);
    const { list, tabs } = await openViews(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Options for the view “All”' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Delete view' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(tab(tabs, /^Urgent/));
    await userEvent.click(screen.getByRole('button', { name: 'Options for the view “Urgent”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the view “Urgent”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete view' }));

    await waitFor(() => expect(within(tabs).queryByRole('tab', { name: /^Urgent/ })).toBeNull());
    expect(server.state.writes).toEqual([`delete ${urgent.id}`]);
    await waitFor(() => expect(tab(tabs, /^DMs/)).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(articles(list)).toBe(1));
  });

  it('reaches the tabs with g then v, and a view by its place with a digit', async () => {
    viewsServer();
    const { list, tabs } = await openViews(routes);
    await userEvent.keyboard('gv');
    expect(tab(tabs, /^All/)).toHaveFocus();
    await userEvent.keyboard('3');
    expect(tab(tabs, /^DMs/)).toHaveFocus();
    await waitFor(() => expect(articles(list)).toBe(1));
  });

  it('offers "Go to view: …" in the command palette', async () => {
    viewsServer();
    const { list, tabs } = await openViews(routes);
    await userEvent.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog');
    await userEvent.type(within(palette).getByRole('combobox'), 'Go to view: DMs{Enter}');
    await waitFor(() => expect(tab(tabs, /^DMs/)).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(articles(list)).toBe(1));
  });

  it('tells a demo account why views cannot be saved, and sends nothing', async () => {
    viewsServer(defaultViews, { demo: true });
    const { tabs } = await openViews(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Slack (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save as view' }));
    expect(
      await screen.findByText(
        'This is a demo account, so this action is not available. Create a free account to use it with your own workspaces.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(tabs).getAllByRole('tab')).toHaveLength(3);
  });
});
