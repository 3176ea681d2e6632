import { useEffect, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/Card';
import { SelectField, TextAreaField, TextField } from '../components/Field';
import { PageContainer } from '../components/PageContainer';
import { toast } from '../components/toast';
import { useAuth } from '../features/accounts/useAuth';
import { apiRequest, describeError } from '../lib/api';
import { useFormState } from '../lib/form';
import type { ContactRequestDto, ContactRequestInput } from '../../modules/support/contact-request.dto';
import {
  CONTACT_TOPIC_OPTIONS,
  EMPTY_CONTACT_FORM,
  contactPayload,
  prefillContact,
  validateContact,
  type ContactErrors,
  type ContactForm,
} from './contact';
import { POLICY } from './policy';

const FAILURE = 'Your message could not be sent. Please try again.';

/** /contact: the Contact Us form; it stores the request and mails support. */
export function ContactPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const { form, setForm, setErrors, text } = useFormState<ContactForm>(() => {
    const topic = params.get('topic') ?? '';
    return { ...EMPTY_CONTACT_FORM, topic: CONTACT_TOPIC_OPTIONS.some((t) => t.value === topic) ? topic : '' };
  }, 'contact');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<ContactRequestDto | null>(null);
  const send = useMutation({
    mutationFn: (input: ContactRequestInput) => apiRequest<ContactRequestDto>('/api/contact-requests', { method: 'POST', data: input }),
  });

  // A signed-in user's name and email, once known, fill the fields they have not typed in.
  useEffect(() => {
    if (user) setForm((current) => prefillContact(current, user));
  }, [user, setForm]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const found = validateContact(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    send.mutate(contactPayload(form), {
      onSuccess: (request) => {
        setSent(request);
        toast({ title: 'Message Sent', description: `We reply ${POLICY.supportReply}.` });
      },
      onError: (error) => {
        const details = describeError(error, FAILURE);
        setErrors(details.fieldErrors as ContactErrors);
        setFailure(details.message);
      },
    });
  }

  if (sent) {
    return (
      <PageContainer narrow title="Message Sent">
        <Card>
          <CardHeader className="items-center text-center">
            <MailCheck aria-hidden className="mx-auto size-10 text-success" />
            <CardTitle>Message Sent</CardTitle>
            <CardDescription>
              Thanks, {sent.name}. We reply {POLICY.supportReply} to <span className="font-medium text-ink">{sent.email}</span>.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex justify-center">
            <ButtonLink to="/">Back to Home</ButtonLink>
          </CardContent>
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-2xl" title="Contact Us">
      <header className="mb-6 grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Contact Us</h1>
        <p className="text-muted">
          Questions about a part, an order or your account? Write to us and a real person replies {POLICY.supportReply}. Many
          answers are already in the{' '}
          <Link to="/faq" className="font-medium text-racing hover:underline">
            FAQ
          </Link>
          .
        </p>
      </header>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={submit} className="grid gap-4" aria-label="Contact us" noValidate>
            {failure && (
              <p role="alert" className="rounded-md border border-racing bg-racing-soft px-3 py-2 text-sm text-racing-dark">
                {failure}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Name" autoComplete="name" required maxLength={100} {...text('name')} />
              <TextField label="Email" type="email" autoComplete="email" required maxLength={320} {...text('email')} />
            </div>
            <SelectField label="Topic" required {...text('topic')}>
              <option value="">Choose a topic</option>
              {CONTACT_TOPIC_OPTIONS.map((topic) => (
                <option key={topic.value} value={topic.value}>
                  {topic.label}
                </option>
              ))}
            </SelectField>
            <TextField label="Subject" required maxLength={150} {...text('subject')} />
            <TextAreaField label="Message" required rows={7} maxLength={5000} inputClassName="min-h-40" {...text('message')} />
            <Button type="submit" disabled={send.isPending} className="justify-self-start">
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
