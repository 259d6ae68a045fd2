import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RiderApp } from './App';
import './styles.css';

createRoot(document.getElementById('rider')!).render(
  <StrictMode>
    <RiderApp />
  </StrictMode>,
);
