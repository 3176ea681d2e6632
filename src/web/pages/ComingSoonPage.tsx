import { Wrench } from 'lucide-react';
import { ButtonLink } from '../components/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/Card';
import { PageContainer } from '../components/PageContainer';

/** A route whose screen is not built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageContainer narrow>
      <Card>
        <CardHeader>
          <Wrench aria-hidden className="size-8 text-racing" />
          <CardTitle>{title}</CardTitle>
          <CardDescription>This part of Pitlane is coming soon. We are still fitting it.</CardDescription>
        </CardHeader>
        <CardContent>
          <ButtonLink to="/">Back to Home</ButtonLink>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
