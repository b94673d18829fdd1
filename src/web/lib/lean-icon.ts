import { createElement, type ReactElement, type SVGProps } from 'react';

/** An icon as lucide-react describes it: its name, aliases and the shapes it draws. */
interface IconData {
  name: string;
  node: readonly (readonly [string, Record<string, string>])[];
  aliases?: readonly string[];
}

type IconProps = SVGProps<SVGSVGElement>;

/** Whether the icon is named to a screen reader (lucide's rule): otherwise it is hidden from it. */
const isNamed = (props: IconProps) =>
  Object.keys(props).some((name) => name.startsWith('aria-') || name === 'role' || name === 'title');

/**
 * lucide-react's `createLucideIcon`, lighter (decision 181): the build points lucide's icons at this one. Every icon
 * on a card is an SVG of ten attributes made through two wrapping components, a context and an attribute builder,
 * again on every drawing; a card draws nine. Here the shapes are made once per icon, the SVG carries its view box,
 * class and label only, and the stroke and default size come from the `lucide` class in `styles.css`. Same markup
 * otherwise: the `lucide lucide-<name>` classes, and `aria-hidden` unless the icon is named.
 */
export default function createLucideIcon(data: IconData) {
  const iconClass = [
    'lucide',
    `lucide-${data.name}`,
    ...(data.aliases ?? []).map((alias) => `lucide-${alias}`),
  ].join(' ');
  const shapes = data.node.map(([tag, attributes]) => createElement(tag, attributes));
  function Icon({ className, ...props }: IconProps): ReactElement {
    return createElement(
      'svg',
      {
        viewBox: '0 0 24 24',
        ...(isNamed(props) ? {} : { 'aria-hidden': 'true' }),
        ...props,
        className: className ? `${iconClass} ${className}` : iconClass,
      },
      ...shapes,
    );
  }
  Icon.displayName = data.name;
  return Icon;
}
