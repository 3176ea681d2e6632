import { Typography } from '@mui/material';
import SportsMotorsportsIcon from '@mui/icons-material/SportsMotorsports';
import { Login, LoginForm, PasswordInput, TextInput, required } from 'react-admin';

/** The console's sign-in page: username or email and password, checked by the server session. */
export const LoginPage = () => (
  <Login
    avatarIcon={<SportsMotorsportsIcon />}
    sx={{
      backgroundImage: 'radial-gradient(circle at 50% 14em, #3a3a3f 0%, #141416 60%, #0b0b0c 100%)',
      '& .RaLogin-icon': { bgcolor: 'primary.main' },
    }}
  >
    <Typography variant="h6" component="h1" align="center" sx={{ fontWeight: 700 }}>
      Pitlane Admin
    </Typography>
    <LoginForm>
      <TextInput autoFocus source="username" label="Username or email" autoComplete="username" validate={required()} />
      <PasswordInput source="password" label="Password" autoComplete="current-password" validate={required()} />
    </LoginForm>
  </Login>
);
