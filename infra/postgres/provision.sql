-- Run by infra/postgres/entrypoint.sh on every start, once per service, as the superuser on the socket-only server
-- that runs before the real one: the service's own role (login, no other rights, the password from its
-- <SERVICE>_DATABASE_PASSWORD) owns the service's own database, which no other role may connect to. Idempotent, so a
-- new service or a changed password takes effect on the next start of an existing volume.
-- psql variables: name (the service and its database); the environment: SERVICE_DATABASE_PASSWORD.
\getenv password SERVICE_DATABASE_PASSWORD
SELECT format('CREATE ROLE %I', :'name') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'name') \gexec
ALTER ROLE :"name" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'password';
SELECT format('CREATE DATABASE %I OWNER %I', :'name', :'name') WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'name') \gexec
ALTER DATABASE :"name" OWNER TO :"name";
REVOKE ALL ON DATABASE :"name" FROM PUBLIC;
