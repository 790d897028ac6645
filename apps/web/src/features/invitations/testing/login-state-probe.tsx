import { useLocation } from 'react-router';

/** Test helper: shows the location state a page handed to /login. */
export function LoginStateProbe() {
  const location = useLocation();
  return <output data-testid="login-state">{JSON.stringify(location.state)}</output>;
}
