import { Box, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material';
import SportsMotorsportsIcon from '@mui/icons-material/SportsMotorsports';
import { ListButton, Title, useGetIdentity } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import MailIcon from '@mui/icons-material/Mail';

/** The console's home: a welcome card and the way to each resource (no figures). */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Dashboard" />
      <Card sx={{ borderLeft: 6, borderColor: 'primary.main' }}>
        <CardHeader
          avatar={<SportsMotorsportsIcon color="primary" fontSize="large" />}
          title={
            <Typography variant="h5" component="h2">
              Welcome to Pitlane Admin{identity?.fullName ? `, ${identity.fullName}` : ''}
            </Typography>
          }
          subheader="The console for running the Pitlane marketplace for classic, performance and race car parts."
        />
        <CardContent>
          <Typography variant="body1" sx={{ mb: 1 }}>
            Look up buyers, sellers and administrators, and change a user&apos;s role, under <strong>Users</strong>.
          </Typography>
          <Typography variant="body1">
            Read the mail the marketplace has sent, including verification links, under <strong>Mail outbox</strong>.
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <ListButton resource="users" label="Users" icon={<PeopleIcon />} variant="contained" />
          <ListButton resource="mail-outbox" label="Mail outbox" icon={<MailIcon />} variant="outlined" />
        </CardActions>
      </Card>
    </Box>
  );
};
