import { Wrench } from 'lucide-react';
import { ButtonLink } from '../components/Button';
import { MessageCard } from '../components/MessageCard';

/** A route whose screen is not built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <MessageCard icon={Wrench} title={title} description="This part of Pitlane is coming soon. We are still fitting it.">
      <ButtonLink to="/">Back to Home</ButtonLink>
    </MessageCard>
  );
}
