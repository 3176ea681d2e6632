import type { Key, ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';

/** One column: its heading, how a row fills its cell, and optionally right alignment or the cell's style. */
export interface DataColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  sx?: SxProps<Theme>;
}

/** A small read-only table of a record's rows (bids, history, payments...), named by its aria-label. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  sx,
}: {
  label: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  sx?: SxProps<Theme>;
}) {
  return (
    <Table size="small" aria-label={label} sx={sx}>
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={i} align={c.align}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, r) => (
          <TableRow key={rowKey(row, r)}>
            {columns.map((c, i) => (
              <TableCell key={i} align={c.align} sx={c.sx}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
