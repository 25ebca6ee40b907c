import './styles.css';
import { wireSignin } from './auth-forms.ts';
import { byId } from './dom.ts';
import { boot, safeNext } from './session.ts';

const next = safeNext(new URLSearchParams(location.search).get('next'));

wireSignin(byId<HTMLFormElement>('signin-form'), () => location.assign(next));

void boot().then((user) => {
  if (user !== null) location.replace(next);
});
