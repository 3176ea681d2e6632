import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { CheckboxField, FieldError, TextField } from '../../components/Field';
import { describeError } from '../../lib/api';
import { cn } from '../../lib/cn';
import type { CheckoutDto, OrderDto } from '../../../modules/payments/order.dto';
import { addressForm, addressPayload, checkoutErrors, type AddressForm, type CheckoutForm, type EscrowChoice } from './checkout';
import { shippingTerms } from './orderFormat';
import { useLastShippingAddress, useStartCheckout } from './payments.api';

const ADDRESS_FIELDS: Array<{ name: keyof AddressForm; label: string; autoComplete: string; hint?: string; optional?: boolean; wide?: boolean }> = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name', wide: true },
  { name: 'line1', label: 'Street address', autoComplete: 'shipping address-line1', wide: true },
  { name: 'line2', label: 'Apartment, suite, unit', autoComplete: 'shipping address-line2', hint: '(optional)', optional: true, wide: true },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'region', label: 'State', autoComplete: 'shipping address-level1' },
  { name: 'postalCode', label: 'ZIP code', autoComplete: 'shipping postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'shipping country', hint: '(2-letter code)' },
  { name: 'phone', label: 'Phone', autoComplete: 'shipping tel', hint: '(optional, for the carrier)', optional: true, wide: true },
];

/** The checkout's first step: shipping address, the escrow choice from $5,000 and the Final Sale acknowledgement. */
export function CheckoutDetailsForm({ order, onReady }: { order: OrderDto; onReady: (checkout: CheckoutDto) => void }) {
  const [form, setForm] = useState<CheckoutForm>({
    address: addressForm(order.shippingAddress),
    escrowChoice: order.escrow.choice,
    finalSaleAcknowledged: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const start = useStartCheckout(order.id);
  const needs = { escrowChoice: order.escrow.applies, finalSale: order.finalSale };

  // A first visit to this checkout starts from the address of the buyer's last order, until they type.
  const last = useLastShippingAddress(order.id, order.shippingAddress === null);
  const typed = useRef(false);
  const [prefilled, setPrefilled] = useState(false);
  const suggested = last.data ?? null;
  useEffect(() => {
    if (!suggested || typed.current) return;
    setForm((f) => ({ ...f, address: addressForm(suggested) }));
    setPrefilled(true);
  }, [suggested]);

  const setAddress = (name: keyof AddressForm, value: string) => {
    typed.current = true;
    setForm((f) => ({ ...f, address: { ...f.address, [name]: value } }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (start.isPending) return;
    const found = checkoutErrors(form, needs);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    start.mutate(
      {
        shippingAddress: addressPayload(form.address),
        ...(needs.finalSale ? { acknowledgeFinalSale: form.finalSaleAcknowledged } : {}),
        ...(needs.escrowChoice && form.escrowChoice ? { escrowChoice: form.escrowChoice, waiverAccepted: form.escrowChoice === 'waiver' } : {}),
      },
      {
        onSuccess: onReady,
        onError: (error) => {
          const details = describeError(error, 'We could not start the payment. Please try again.');
          const fields: Record<string, string> = {};
          for (const [key, message] of Object.entries(details.fieldErrors)) {
            const field = key.replace(/^shippingAddress\./, '');
            fields[field === 'acknowledgeFinalSale' ? 'finalSaleAcknowledged' : field] = message;
          }
          setErrors(fields);
          setFailure(details.message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Checkout details">
      <Card>
        <CardHeader className="pb-3">
          <h2 className="text-lg font-bold">Shipping address</h2>
          <p className="text-sm text-muted">Where the seller ships the part. {shippingTerms(order).note}</p>
          {prefilled && (
            <p role="status" className="text-sm text-muted">
              Filled in from your last order: check it before you continue.
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {ADDRESS_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              hint={field.hint}
              name={field.name}
              autoComplete={field.autoComplete}
              value={form.address[field.name]}
              onChange={(e) => setAddress(field.name, e.target.value)}
              error={errors[field.name]}
              required={!field.optional}
              maxLength={field.name === 'country' ? 2 : 200}
              className={cn(field.wide && 'sm:col-span-2')}
            />
          ))}
        </CardContent>
      </Card>

      {needs.escrowChoice && (
        <EscrowChoiceCard value={form.escrowChoice} onChange={(escrowChoice) => setForm((f) => ({ ...f, escrowChoice }))} error={errors.escrowChoice} />
      )}

      {needs.finalSale && (
        <Card className="border-racing/40">
          <CardContent className="grid gap-2 pt-6">
            <h2 className="text-lg font-bold">Final Sale</h2>
            <p className="text-sm text-muted">
              This item cannot be returned for a change of mind or fit: auction wins, most electrical parts, custom or modified parts and
              items the seller marks final sale are final. Items that are misrepresented or faulty are still covered.
            </p>
            <CheckboxField
              name="finalSaleAcknowledged"
              checked={form.finalSaleAcknowledged}
              onChange={(e) => setForm((f) => ({ ...f, finalSaleAcknowledged: e.target.checked }))}
              error={errors.finalSaleAcknowledged}
            >
              I understand this item is a final sale and cannot be returned
            </CheckboxField>
          </CardContent>
        </Card>
      )}

      {failure && (
        <p role="alert" className="rounded-md border border-racing/40 bg-racing/5 p-3 text-sm text-racing">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" disabled={start.isPending || !order.sellerPayoutsReady} className="sm:justify-self-end">
        {start.isPending ? 'Preparing payment...' : 'Continue to payment'}
      </Button>
    </form>
  );
}

function EscrowChoiceCard({ value, onChange, error }: { value: EscrowChoice | null; onChange: (v: EscrowChoice) => void; error?: string }) {
  const errorId = 'escrow-choice-error';
  const options: Array<{ value: EscrowChoice; title: string; text: string }> = [
    {
      value: 'escrow',
      title: 'Pay through escrow (recommended)',
      text: 'We hold your payment and release it to the seller only when you confirm the part is as described, or 3 days after delivery if you raise no problem.',
    },
    {
      value: 'waiver',
      title: 'Sign the waiver and pay the seller directly',
      text: 'Your payment goes to the seller when it clears. By choosing this you sign the escrow waiver: you accept the risk of paying without escrow, and Pitlane cannot hold the money back if something goes wrong.',
    },
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck aria-hidden className="size-5 text-success" /> Escrow for purchases of $5,000 and over
        </h2>
        <p className="text-sm text-muted">For a purchase this size we recommend escrow. Choose one to continue.</p>
      </CardHeader>
      <CardContent>
        <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-3">
          <legend className="sr-only">Escrow or waiver</legend>
          {options.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-md border p-3 text-sm',
                value === option.value ? 'border-racing bg-racing/5' : 'border-line hover:bg-paper',
              )}
            >
              <input
                type="radio"
                name="escrowChoice"
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-racing"
              />
              <span className="grid gap-1">
                <span className="font-semibold">{option.title}</span>
                <span className="text-muted">{option.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FieldError id={errorId}>{error}</FieldError>
      </CardContent>
    </Card>
  );
}
