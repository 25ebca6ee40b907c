import './styles.css';
import { wireSignin } from './auth-forms.ts';
import { byId } from './dom.ts';
import { safeNext } from './safe-next.ts';
import { boot } from './session.ts';

const next = safeNext(new URLSearchParams(location.search).get('next'), location.origin);

wireSignin(byId<HTMLFormElement>('signin-form'), () => location.assign(next));

void boot().then((user) => {
  if (user !== null) location.replace(next);
});
