-- Runs once, when the postgres volume is first initialised (docker-entrypoint-initdb.d), as POSTGRES_USER.
-- Each service owns its own database and never reads another's; each migrates its own schema at start-up.
CREATE DATABASE booking;
CREATE DATABASE accounts;
CREATE DATABASE tracking;
CREATE DATABASE payments;
