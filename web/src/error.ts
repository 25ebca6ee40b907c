import './styles.css';
import { boot } from './session.ts';

// The error page's text is filled in by the server; the header still shows who is signed in.
void boot();
