import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, type RaRecord, downloadCSV, useDataProvider, useListContext, useNotify } from 'react-admin';
import { fetchAllPages } from './fetchAllPages';

/**
 * "Export CSV" for a list: every record of the list's current filters and sort (not only the page shown), turned
 * into a CSV file by `toCsv`, named `fileName` (downloadCSV adds ".csv").
 */
export function ExportAllButton<T extends RaRecord>({
  perPage,
  toCsv,
  fileName,
}: {
  /** The server's largest page for this resource. */
  perPage: number;
  toCsv: (rows: T[]) => string;
  fileName: () => string;
}) {
  const { resource, filterValues, sort, total } = useListContext<T>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      const rows = await fetchAllPages<T>(dataProvider, resource, { filter: filterValues, sort, perPage });
      downloadCSV(toCsv(rows), fileName());
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={busy ? 'Exporting...' : 'Export CSV'} onClick={exportAll} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
