import { Link } from 'react-router';
import { formatGrouped, formatUsdCents } from '../../lib/format';
import { FitmentBadge } from '../garage/FitmentBadge';
import { conditionLabel, hasMarkdown, makeModel } from './partFormat';
import type { PartDto } from '../../../modules/catalog/part.dto';

interface PartsTableProps {
  parts: readonly PartDto[];
  /** "grouped": whole dollars with grouped thousands (home); "cents": two decimals and markdowns (search). */
  price: 'grouped' | 'cents';
  caption: string;
}

/** Parts side by side for comparing: Part, Make/Model, Category, Condition, Price, Location. */
export function PartsTable({ parts, price, caption }: PartsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-paper text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Part</th>
            <th scope="col" className="px-4 py-3 font-semibold">Make/Model</th>
            <th scope="col" className="px-4 py-3 font-semibold">Category</th>
            <th scope="col" className="px-4 py-3 font-semibold">Condition</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Price</th>
            <th scope="col" className="px-4 py-3 font-semibold">Location</th>
          </tr>
        </thead>
        <tbody>
          {parts.map((part) => (
            <tr key={part.id} className="border-b border-line last:border-0 hover:bg-paper">
              <td className="max-w-xs px-4 py-3">
                <Link to={`/parts/${part.id}`} className="line-clamp-2 font-medium hover:text-racing hover:underline">
                  {part.title}
                </Link>
                {part.partNumber && <span className="font-mono text-xs text-muted">{part.partNumber}</span>}
                <FitmentBadge partId={part.id} className="mt-1" />
              </td>
              <td className="px-4 py-3">{makeModel(part)}</td>
              <td className="px-4 py-3">{part.categoryName || part.category}</td>
              <td className="px-4 py-3">{conditionLabel(part.condition)}</td>
              <td className="tabular px-4 py-3 text-right font-semibold whitespace-nowrap">
                {price === 'grouped' ? (
                  `$${formatGrouped(part.price)}`
                ) : (
                  <>
                    {formatUsdCents(part.price)}
                    {hasMarkdown(part.price, part.originalPrice) && (
                      <s className="ml-2 block text-xs font-normal text-muted">
                        <span className="sr-only">Was </span>
                        {formatUsdCents(part.originalPrice)}
                      </s>
                    )}
                  </>
                )}
              </td>
              <td className="px-4 py-3">{part.location}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
