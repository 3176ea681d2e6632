import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Confirm, List, Pagination, SearchInput, useListContext, useNotify, useRefresh } from 'react-admin';
import {
  SELLER_NOTICES,
  SELLER_TABS,
  businessTypeLabel,
  canReject,
  cityState,
  consoleDate,
  decisionBody,
  failureText,
  tabLabel,
  websiteHref,
  type SellerStatus,
} from './sellerReview';
import { decideSeller, setListingApproval, useInvalidateSellerCounts, useSellerCounts } from './sellersApi';
import type { AdminSellerDto } from '../../modules/sellers/seller.dto';


const sellerFilters = [<SearchInput key="q" source="q" placeholder="Search business, city or phone" alwaysOn />];

/** Seller applications in three tabs (Pending, Approved, Rejected) with their counts, as cards. */
export const SellerList = () => (
  <List
    title="Sellers"
    filters={sellerFilters}
    filterDefaultValues={{ status: 'pending' }}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={10}
    exporter={false}
    actions={false}
    pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
  >
    <StatusTabs />
    <SellerCards />
  </List>
);

function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const counts = useSellerCounts();
  const current = (filterValues.status as SellerStatus | undefined) ?? 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_event, status: SellerStatus) => setFilters({ ...filterValues, status }, displayedFilters)}
      aria-label="Application status"
      sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
    >
      {SELLER_TABS.map((tab) => (
        <Tab key={tab.status} value={tab.status} label={tabLabel(tab.label, counts.data?.[tab.status])} />
      ))}
    </Tabs>
  );
}

function SellerCards() {
  const { data, isPending, filterValues } = useListContext<AdminSellerDto>();
  if (isPending) return <Typography sx={{ p: 3 }}>Loading...</Typography>;
  if (!data || data.length === 0) {
    const status = (filterValues.status as string | undefined) ?? 'pending';
    return <Typography sx={{ p: 3, color: 'text.secondary' }}>No {status} seller applications.</Typography>;
  }
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {data.map((seller) => (
        <SellerCard key={seller.id} seller={seller} />
      ))}
    </Stack>
  );
}

const STATUS_COLOR: Record<SellerStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function SellerCard({ seller }: { seller: AdminSellerDto }) {
  const website = websiteHref(seller.website);
  const place = cityState(seller.businessCity, seller.businessState);
  return (
    <Card variant="outlined" component="article" aria-label={seller.businessName}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h3">
            {seller.businessName}
          </Typography>
          <Chip size="small" label={seller.status} color={STATUS_COLOR[seller.status] ?? 'default'} sx={{ textTransform: 'capitalize' }} />
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, mb: 1 }}>
          <Detail label="Type" value={businessTypeLabel(seller.businessType)} />
          <Detail label="Location" value={place || '—'} />
          <Detail label="Phone" value={seller.contactPhone || '—'} />
          <Box>
            <Typography variant="caption" color="text.secondary" component="p">
              Website
            </Typography>
            {website ? (
              <Link href={website} target="_blank" rel="noopener noreferrer">
                {seller.website}
              </Link>
            ) : (
              <Typography variant="body2">—</Typography>
            )}
          </Box>
          <Detail label="Applied" value={consoleDate(seller.createdAt)} />
          <Detail label="Approved" value={consoleDate(seller.approvedAt)} />
          {seller.username && <Detail label="Applicant" value={`${seller.username}${seller.email ? ` (${seller.email})` : ''}`} />}
        </Box>
        {seller.specialties && seller.specialties.length > 0 && (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }} aria-label="Specialties">
            {seller.specialties.map((s) => (
              <Chip key={s} size="small" variant="outlined" label={s} />
            ))}
          </Stack>
        )}
        {seller.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {seller.description}
          </Typography>
        )}
        {seller.status === 'rejected' && (
          <Box sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'error.main', color: 'error.dark', borderRadius: 1 }}>
            <Typography variant="body2">
              <strong>Rejection reason:</strong> {seller.rejectionReason || '—'}
            </Typography>
          </Box>
        )}
      </CardContent>
      {seller.status === 'pending' && <DecisionActions seller={seller} />}
      {seller.status === 'approved' && <ListingApprovalSwitch seller={seller} />}
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

function DecisionActions({ seller }: { seller: AdminSellerDto }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const refreshCounts = useInvalidateSellerCounts();
  const [approveOpen, setApproveOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function approve() {
    setBusy(true);
    try {
      await decideSeller(seller.id, decisionBody('approved'));
      notify(SELLER_NOTICES.approved, { type: 'success', messageArgs: { _: SELLER_NOTICES.approved } });
      setApproveOpen(false);
      refresh();
      void refreshCounts();
    } catch (error) {
      const text = failureText(SELLER_NOTICES.approvalFailed, error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  }

  async function reject() {
    if (!canReject(reason)) return;
    setBusy(true);
    try {
      await decideSeller(seller.id, decisionBody('rejected', reason));
      notify(SELLER_NOTICES.rejected, { type: 'success', messageArgs: { _: SELLER_NOTICES.rejected } });
      setRejectOpen(false);
      setReason('');
      refresh();
      void refreshCounts();
    } catch (error) {
      const text = failureText(SELLER_NOTICES.rejectionFailed, error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  }

  const reasonId = `reject-reason-${seller.id}`;
  return (
    <CardActions sx={{ px: 2, pb: 2 }}>
      <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setApproveOpen(true)} disabled={busy}>
        Approve
      </Button>
      <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setRejectOpen(true)} disabled={busy}>
        Reject
      </Button>
      <Confirm
        isOpen={approveOpen}
        loading={busy}
        title={`Approve ${seller.businessName}?`}
        content="The seller can list parts and run auctions, and their storefront goes live. They are told by email."
        confirm="Approve"
        onConfirm={() => void approve()}
        onClose={() => setApproveOpen(false)}
      />
      <Dialog open={rejectOpen} onClose={() => !busy && setRejectOpen(false)} aria-labelledby={`${reasonId}-title`} fullWidth maxWidth="sm">
        <DialogTitle id={`${reasonId}-title`}>Reject {seller.businessName}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>The applicant is emailed this reason.</DialogContentText>
          <TextField
            id={reasonId}
            label="Rejection reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejectOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void reject()} disabled={busy || !canReject(reason)}>
            {busy ? 'Rejecting...' : 'Reject'}
          </Button>
        </DialogActions>
      </Dialog>
    </CardActions>
  );
}

function ListingApprovalSwitch({ seller }: { seller: AdminSellerDto }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function toggle(requiresListingApproval: boolean) {
    setBusy(true);
    try {
      await setListingApproval(seller.id, requiresListingApproval);
      notify(SELLER_NOTICES.settingUpdated, { type: 'success', messageArgs: { _: SELLER_NOTICES.settingUpdated } });
      refresh();
    } catch (error) {
      const text = failureText(SELLER_NOTICES.updateFailed, error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardActions sx={{ px: 2, pb: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={seller.requiresListingApproval}
            onChange={(e) => void toggle(e.target.checked)}
            disabled={busy}
          />
        }
        label="Listing Approval Required"
      />
    </CardActions>
  );
}
