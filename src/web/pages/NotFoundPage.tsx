import { AlertCircle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../components/Card';
import { PageContainer } from '../components/PageContainer';

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <PageContainer narrow title="Page Not Found">
      <Card>
        <CardHeader className="flex flex-row items-center gap-2">
          <AlertCircle aria-hidden className="size-8 text-racing" />
          <CardTitle>404 Page Not Found</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
