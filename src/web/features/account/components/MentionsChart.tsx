import { useTranslation } from 'react-i18next';
import type { MentionDay } from '../../../../contract/account.ts';
import { formatShortDay } from '../lib/format.ts';

const WIDTH = 560;
const HEIGHT = 160;
const AXIS = 20;
const BAR_COLOURS = { slack: 'fill-purple-600', chatwork: 'fill-red-500' } as const;

/**
 * Stacked bars of mentions per platform per day, drawn as plain SVG; screen readers get the same figures as a
 * table.
 */
export function MentionsChart({ days }: { days: MentionDay[] }) {
  const { t } = useTranslation('account');
  const peak = Math.max(1, ...days.map((day) => day.slack + day.chatwork));
  const slot = WIDTH / days.length;
  const scale = (HEIGHT - AXIS) / peak;
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-semibold text-slate-800">{t('stats.chartTitle')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-2 w-full" aria-hidden="true">
        {days.map((day, index) => {
          const x = index * slot + slot * 0.15;
          const width = slot * 0.7;
          const slackHeight = day.slack * scale;
          const chatworkHeight = day.chatwork * scale;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={HEIGHT - AXIS - slackHeight}
                width={width}
                height={slackHeight}
                className={BAR_COLOURS.slack}
              />
              <rect
                x={x}
                y={HEIGHT - AXIS - slackHeight - chatworkHeight}
                width={width}
                height={chatworkHeight}
                className={BAR_COLOURS.chatwork}
              />
              {index % 2 === 0 && (
                <text
                  x={x + width / 2}
                  y={HEIGHT - 5}
                  textAnchor="middle"
                  className="fill-slate-600 text-[10px]"
                >
                  {formatShortDay(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <div className="mt-2 flex gap-4 text-xs text-slate-700" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-purple-600" /> {t('stats.slack')}
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-red-500" /> {t('stats.chatwork')}
        </span>
      </div>
      <table className="sr-only">
        <caption>{t('stats.chartTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.day')}</th>
            <th scope="col">{t('stats.slack')}</th>
            <th scope="col">{t('stats.chatwork')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatShortDay(day.date)}</th>
              <td>{day.slack}</td>
              <td>{day.chatwork}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
