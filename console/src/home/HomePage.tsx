import { PageHeader } from '../components/PageHeader';
import { useCurrentUser } from '../auth/session';

export function HomePage() {
  const me = useCurrentUser();
  return <PageHeader title={`Welcome, ${me.user.name}`} description={me.tenant.name} />;
}
